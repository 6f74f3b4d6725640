/** The host name of a Host header (`127.0.0.1:8080` → `127.0.0.1`, `[::1]:80` → `[::1]`). */
export function hostNameOf(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  const colon = hostHeader.indexOf(':');
  return colon < 0 ? hostHeader : hostHeader.slice(0, colon);
}
