// @ts-check
/**
 * The run form's Attach control: files picked for the next query (several at
 * once, added to those picked before), each listed with its name, type and
 * size and a button that takes it off. They are sent with the query as
 * content parts, their bytes as base64: an image/… file as an image part,
 * audio/… as audio, anything else as a file part with its name.
 */

/** A part as the run API takes it. @typedef {{ type: 'image' | 'audio', mediaType: string, data: string } | { type: 'file', mediaType: string, name: string, data: string }} WirePart */

/** @returns {{ parts: () => Promise<WirePart[]>, clear: () => void, setEnabled: (on: boolean) => void }} */
function attachControl() {
  const picker = /** @type {HTMLInputElement} */ (byId('run-attach'));
  const list = byId('run-attachments');
  /** @type {File[]} */
  let files = [];
  const show = () => {
    list.replaceChildren(
      ...files.map((file) => {
        const item = el('li', 'attachment', `${file.name} · ${file.type || 'application/octet-stream'} · ${sizeText(file.size)}`);
        const remove = button('✕', 'icon', () => {
          files = files.filter((f) => f !== file);
          show();
        });
        remove.setAttribute('aria-label', `remove ${file.name}`);
        item.append(remove);
        return item;
      }),
    );
    list.hidden = files.length === 0;
  };
  picker.addEventListener('change', () => {
    files = [...files, ...(picker.files ?? [])];
    // The same file may be picked again after it was taken off.
    picker.value = '';
    show();
  });
  return {
    parts: () => Promise.all(files.map(wirePart)),
    clear() {
      files = [];
      show();
    },
    setEnabled(on) {
      byId('attach').hidden = !on;
    },
  };
}

/** A picked file as a part of the run's body. @param {File} file @returns {Promise<WirePart>} */
async function wirePart(file) {
  const data = await base64Of(file);
  const mediaType = file.type || 'application/octet-stream';
  if (/^image\//i.test(mediaType)) return { type: 'image', mediaType, data };
  if (/^audio\//i.test(mediaType)) return { type: 'audio', mediaType, data };
  return { type: 'file', mediaType, name: file.name, data };
}

/** A file's bytes as base64 (a data: URL's payload: the browser encodes it). @param {File} file @returns {Promise<string>} */
function base64Of(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(new Error(`could not read ${file.name}: pick it again`));
    reader.readAsDataURL(file);
  });
}
