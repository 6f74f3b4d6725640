export type MarkerShape = 'circle' | 'square' | 'triangle' | 'triangle-down' | 'diamond' | 'cross';

const f = (v: number): string => v.toFixed(1);

/**
 * One point marker centred on (x, y). Each series gets its own shape as well
 * as its own colour, so lines stay tellable apart in greyscale and for
 * readers who cannot separate the colours.
 */
export function chartMarker(shape: MarkerShape, x: number, y: number, color: string, r = 4.5): string {
  const style = `fill="${color}" stroke="#fff" stroke-width="1"`;
  const polygon = (pts: readonly (readonly [number, number])[]): string =>
    `<polygon points="${pts.map(([dx, dy]) => `${f(x + dx)},${f(y + dy)}`).join(' ')}" ${style}/>`;
  switch (shape) {
    case 'circle':
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" ${style}/>`;
    case 'square':
      return `<rect x="${f(x - r * 0.9)}" y="${f(y - r * 0.9)}" width="${f(r * 1.8)}" height="${f(r * 1.8)}" ${style}/>`;
    case 'triangle':
      return polygon([
        [0, -r * 1.2],
        [r * 1.1, r * 0.8],
        [-r * 1.1, r * 0.8],
      ]);
    case 'triangle-down':
      return polygon([
        [0, r * 1.2],
        [r * 1.1, -r * 0.8],
        [-r * 1.1, -r * 0.8],
      ]);
    case 'diamond':
      return polygon([
        [0, -r * 1.25],
        [r * 1.1, 0],
        [0, r * 1.25],
        [-r * 1.1, 0],
      ]);
    case 'cross':
      return `<path d="M${f(x - r)},${f(y - r)}L${f(x + r)},${f(y + r)}M${f(x - r)},${f(y + r)}L${f(x + r)},${f(y - r)}" stroke="${color}" stroke-width="2.5" fill="none"/>`;
  }
}
