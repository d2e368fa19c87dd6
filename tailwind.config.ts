import type { Config } from 'tailwindcss';

// Brand colours come from the client configuration at run time, as CSS variables set by the
// root layout; Tailwind names them so components stay brand-neutral.
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          primary: 'var(--brand-primary)',
          secondary: 'var(--brand-secondary)',
          text: 'var(--brand-text)',
          bg: 'var(--brand-bg)',
          gradient: 'var(--brand-gradient-bg)',
        },
      },
      backgroundImage: { 'brand-gradient': 'var(--brand-gradient)' },
      transitionDuration: { page: '300ms' },
    },
  },
};

export default config;
