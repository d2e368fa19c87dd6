import { writeFileSync } from 'node:fs';
import { qrFrame } from '../support/qr-frame';

// A fake camera for Chromium (--use-file-for-fake-video-capture): a YUV4MPEG2 video whose
// frames all show one QR code, black on white with a quiet zone, scaled up and upright. Luma
// from the QR matrix, chroma neutral (128). The code differs per run (random ids), and zxing
// misses up to one in four of them upright in a steady frame; the scanner reads those at a
// quarter turn (quarterTurnsOf in components/scan/turning-reader.ts), within about a second.

export function writeQrVideo(file: string, text: string, { width = 640, height = 480, frames = 10 } = {}) {
  const y = Buffer.from(qrFrame(text, width, height).luma.buffer);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
