import type { CSSProperties } from 'react';
import type { CloneInfo } from '@/lib/schemas/client';

// The brand's colours as the CSS variables app/globals.css and Tailwind read.
export function brandCssVariables(brand: CloneInfo): CSSProperties {
  const ui = brand.uiDesignCriteria;
  const t = ui.themeColor;
  return {
    '--brand-primary': t.primaryColor,
    '--brand-secondary': t.secondaryColor,
    '--brand-text': t.color,
    '--brand-bg': ui.backgroundColor,
    '--brand-gradient-bg': t.gradientBgColor,
    '--brand-gradient': t.gradientColor,
  } as CSSProperties;
}
