import { LoadingAnimation } from '@/components/shell/loading-animation';

// Shown while a screen's data loads on the server (the route's Suspense fallback).
export default function Loading() {
  return <LoadingAnimation />;
}
