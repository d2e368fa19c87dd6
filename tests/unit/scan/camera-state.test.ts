import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { qrFrame } from '@/tests/support/qr-frame';
import { cameraStateOf } from '@/components/scan/use-qr-camera';
import { quarterTurnsOf, turnLuminance } from '@/components/scan/turning-reader';

describe('cameraStateOf', () => {
  it('tells a refused camera, a missing camera, a busy camera and an insecure page apart', () => {
    expect(cameraStateOf(Object.assign(new Error('x'), { name: 'NotAllowedError' }))).toBe('refused');
    expect(cameraStateOf(Object.assign(new Error('x'), { name: 'NotFoundError' }))).toBe('no-camera');
    expect(cameraStateOf(Object.assign(new Error('x'), { name: 'OverconstrainedError' }))).toBe('no-camera');
    expect(cameraStateOf(Object.assign(new Error('x'), { name: 'NotReadableError' }))).toBe('busy');
    expect(cameraStateOf(Object.assign(new Error('x'), { name: 'CameraUnavailable' }))).toBe('unavailable');
    expect(cameraStateOf(new Error('anything else'))).toBe('failed');
  });
});

describe('turnLuminance', () => {
  // 3 wide, 2 high:  a b c
  //                  d e f
  const frame = Uint8ClampedArray.from([1, 2, 3, 4, 5, 6]);
  it('turns a frame clockwise by quarter turns, swapping width and height on a quarter', () => {
    expect(turnLuminance(frame, 3, 2, 0)).toEqual({ luma: frame, width: 3, height: 2 });
    expect(turnLuminance(frame, 3, 2, 1)).toEqual({ luma: Uint8ClampedArray.from([4, 1, 5, 2, 6, 3]), width: 2, height: 3 });
    expect(turnLuminance(frame, 3, 2, 2)).toEqual({ luma: Uint8ClampedArray.from([6, 5, 4, 3, 2, 1]), width: 3, height: 2 });
    expect(turnLuminance(frame, 3, 2, 3)).toEqual({ luma: Uint8ClampedArray.from([3, 6, 2, 5, 1, 4]), width: 2, height: 3 });
  });
  it('comes back to the frame after four quarter turns', () => {
    let t: ReturnType<typeof turnLuminance> = { luma: frame, width: 3, height: 2 };
    for (let i = 0; i < 4; i++) t = turnLuminance(t.luma, t.width, t.height, 1);
    expect(t).toEqual({ luma: frame, width: 3, height: 2 });
  });
});

describe('reading a code the QR detector misses upright', () => {
  // A steady camera frame (640×480) of a code printed black on white: the picture the e2e fake
  // camera shows (tests/support/qr-frame.ts).
  function read({ luma, width, height }: { luma: Uint8ClampedArray; width: number; height: number }): string | null {
    try {
      return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luma, width, height)))).getText();
    } catch {
      return null;
    }
  }

  // zxing settles on a finder-like pattern in the data of these codes and drops a real corner,
  // on every upright frame (one ends "not found", the other with a checksum error).
  it.each(['https://shop.example/overt/verify/ctARizGXo5MduBSj0', 'https://evil.example/overt/verify/uOiftCcO57OCbA4e5'])(
    'reads %s within one round of quarter turns',
    (text) => {
      const frame = qrFrame(text);
      expect(read(frame)).toBeNull(); // the upright frame alone never reads
      const attempts = [0, 1, 2, 3].map((attempt) => read(turnLuminance(frame.luma, frame.width, frame.height, quarterTurnsOf(attempt))));
      expect(attempts.filter((found) => found !== null)).not.toHaveLength(0);
      for (const found of attempts) if (found !== null) expect(found).toBe(text);
    },
  );

  it('starts upright and goes round all four quarter turns', () => {
    expect([0, 1, 2, 3, 4, 5].map(quarterTurnsOf)).toEqual([0, 1, 2, 3, 0, 1]);
  });
});
