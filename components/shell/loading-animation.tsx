'use client';
import { useEffect, useRef } from 'react';
import { hexToRgb, loadingAnimation } from '@/lib/client/loading-animation';

// Plays the loading animation with lottie-web's light player, loaded only when needed.
export function LoadingAnimation({ label = 'Loading…' }: { label?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let destroyed = false;
    let anim: { destroy: () => void } | undefined;
    import('lottie-web/build/player/lottie_light').then(({ default: lottie }) => {
      if (destroyed || !box.current) return;
      const primary = getComputedStyle(document.documentElement).getPropertyValue('--brand-primary');
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      anim = lottie.loadAnimation({
        container: box.current,
        renderer: 'svg',
        loop: !reduce,
        autoplay: !reduce,
        animationData: loadingAnimation(hexToRgb(primary)),
      });
    });
    return () => {
      destroyed = true;
      anim?.destroy();
    };
  }, []);
  return (
    <div role="status" className="flex flex-col items-center gap-2 py-10" data-testid="loading">
      <div ref={box} aria-hidden="true" className="h-10 w-[120px]" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
