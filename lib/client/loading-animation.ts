// The loading animation (a Lottie document, played by lottie-web's light SVG player): three
// dots that pulse in turn, filled with the brand's primary colour.

type Rgb = [number, number, number];

const FRAMES = 60;
const ease = { i: { x: [0.4], y: [1] }, o: { x: [0.6], y: [0] } };

function pulse(delay: number, low: number[], high: number[]) {
  return {
    a: 1,
    k: [
      { t: delay, s: low, ...ease },
      { t: delay + 15, s: high, ...ease },
      { t: delay + 30, s: low },
    ],
  };
}

function dot(index: number, fill: Rgb) {
  const still = (k: unknown) => ({ a: 0, k });
  return {
    ddd: 0,
    ind: index + 1,
    ty: 4,
    nm: `dot ${index + 1}`,
    sr: 1,
    ks: {
      o: pulse(index * 10, [35], [100]),
      r: still(0),
      p: still([20 + index * 40, 20, 0]),
      a: still([0, 0, 0]),
      s: pulse(index * 10, [70, 70, 100], [100, 100, 100]),
    },
    ao: 0,
    shapes: [
      {
        ty: 'gr',
        nm: 'dot',
        it: [
          { ty: 'el', nm: 'circle', d: 1, p: still([0, 0]), s: still([22, 22]) },
          { ty: 'fl', nm: 'fill', c: still([...fill.map((c) => c / 255), 1]), o: still(100), r: 1 },
          { ty: 'tr', p: still([0, 0]), a: still([0, 0]), s: still([100, 100]), r: still(0), o: still(100), sk: still(0), sa: still(0) },
        ],
      },
    ],
    ip: 0,
    op: FRAMES,
    st: 0,
    bm: 0,
  };
}

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return [31, 79, 216];
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

export function loadingAnimation(fill: Rgb) {
  return { v: '5.7.4', fr: 30, ip: 0, op: FRAMES, w: 120, h: 40, nm: 'loading', ddd: 0, assets: [], layers: [0, 1, 2].map((i) => dot(i, fill)) };
}
