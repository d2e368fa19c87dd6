import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

// A fake camera for Chromium (--use-file-for-fake-video-capture): a YUV4MPEG2 video whose
// frames all show one QR code, black on white with a quiet zone, scaled up and upright. Luma
// from the QR matrix, chroma neutral (128). The code differs per run (random ids), and zxing
// misses up to one in four of them upright in a steady frame; the scanner reads those at a
// quarter turn (quarterTurnsOf in components/scan/use-qr-camera.ts), within about a second.

export function writeQrVideo(file: string, text: string, { width = 640, height = 480, frames = 10 } = {}) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + quiet * 2;
  const scale = Math.floor(Math.min(width, height) / cells);
  const side = cells * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const y = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const offset = (top + (row + quiet) * scale + dy) * width + left + (col + quiet) * scale;
        y.fill(16, offset, offset + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
