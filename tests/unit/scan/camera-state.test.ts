import { cameraStateOf } from '@/components/scan/use-qr-camera';

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
