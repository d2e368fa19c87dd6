import QRCode from 'qrcode';

// A steady camera frame of a printed QR code: grey-scale (luma), black on white with a quiet
// zone, scaled up and centred. The e2e fake camera (tests/e2e/qr-video.ts) films it; the
// scanner's unit tests (tests/unit/scan) read it directly.

export type Frame = { luma: Uint8ClampedArray; width: number; height: number };

export function qrFrame(text: string, width = 640, height = 480): Frame {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + quiet * 2;
  const scale = Math.floor(Math.min(width, height) / cells);
  const left = Math.floor((width - cells * scale) / 2);
  const top = Math.floor((height - cells * scale) / 2);
  const luma = new Uint8ClampedArray(width * height).fill(255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const offset = (top + (row + quiet) * scale + dy) * width + left + (col + quiet) * scale;
        luma.fill(16, offset, offset + scale);
      }
    }
  }
  return { luma, width, height };
}
