/** The studio's page: an HTML shell whose script reads everything through the API (placeholder until the page lands). */
export function studioPage(title: string): { html: string; csp: string } {
  const escaped = title.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escaped}</title></head><body><h1>${escaped}</h1></body></html>`,
    csp: "default-src 'none'; connect-src 'self'; frame-ancestors 'none'",
  };
}
