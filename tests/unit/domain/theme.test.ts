import { brightness, gradient, gradientBackground, textColorFor } from '@/lib/domain/theme';

describe('textColorFor', () => {
  it.each([
    ['#ffffff', '#000000'],
    ['#000000', '#ffffff'],
    ['#ffff00', '#000000'],
    ['#1f4fd8', '#ffffff'],
  ])('puts %s behind %s text', (bg, text) => {
    expect(textColorFor(bg)).toBe(text);
  });

  it('switches to black exactly at brightness 128', () => {
    expect(brightness('#808080')).toBe(128);
    expect(textColorFor('#808080')).toBe('#000000');
    expect(textColorFor('#7f7f7f')).toBe('#ffffff');
  });
});

describe('gradientBackground', () => {
  it('is the average of both theme colours and a dark grey', () => {
    expect(gradientBackground('#ff0000', '#0000ff')).toBe('#661166');
    expect(gradientBackground('#333333', '#333333')).toBe('#333333');
  });
});

describe('gradient', () => {
  it('defaults to 90 degrees', () => {
    expect(gradient('#111111', '#222222')).toBe('linear-gradient(90deg, #111111, #222222)');
  });
});
