/** A vector as SQLite keeps it: little-endian float32, sqlite-vec's blob form (4 bytes a dimension). */
export function vectorBlob(vector: readonly number[]): Buffer {
  const blob = Buffer.alloc(vector.length * 4);
  vector.forEach((x, i) => blob.writeFloatLE(x, i * 4));
  return blob;
}

/** A vector back from its blob. */
export function blobVector(blob: Uint8Array): number[] {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const vector = new Array<number>(blob.byteLength / 4);
  for (let i = 0; i < vector.length; i++) vector[i] = view.getFloat32(i * 4, true);
  return vector;
}
