'use client';
import { useEffect, useSyncExternalStore } from 'react';
import { embeddingDecisionInPage, type EmbeddingConfig } from '@/lib/domain/embedding';
import { useT } from '@/components/shell/i18n-context';
import { BlockedEmbedScreen } from './blocked-embed-screen';

// The in-page half of the embedding rule (the server decision and the CSP frame-ancestors header
// are the other two): a top-level page goes to the embedding URL; a frame whose parent (as the
// browser reports it) is not the registered origin shows the red screen instead of the app.
// Loaded after the page is interactive (lazy-embed-guard.tsx), beside the app's content, which
// the root layout wraps in an element named by `contentId`: a blocked frame hides it.
const noSubscription = () => () => {};

export function EmbedGuard({
  config,
  organizationName,
  officialSite,
  contentId,
}: {
  config: EmbeddingConfig;
  organizationName: string;
  officialSite: string | null;
  contentId: string;
}) {
  const t = useT();
  // The window's place never changes during a page's life: no subscription needed.
  const decision = useSyncExternalStore(
    noSubscription,
    () => {
      if (!config.isEmbeddingRequired) return 'render';
      const d = embeddingDecisionInPage(config, {
        path: window.location.pathname + window.location.search,
        isTopLevel: window.top === window.self,
        ancestorOrigins: window.location.ancestorOrigins,
        referrer: document.referrer,
        selfOrigin: window.location.origin,
      });
      return typeof d === 'object' ? d.redirect : d;
    },
    () => 'render',
  );
  const blocked = decision === 'blocked';
  useEffect(() => {
    if (decision !== 'render' && decision !== 'blocked') window.location.replace(decision);
  }, [decision]);
  useEffect(() => {
    const content = document.getElementById(contentId);
    if (content) content.style.display = blocked ? 'none' : '';
  }, [blocked, contentId]);
  if (blocked) return <BlockedEmbedScreen organizationName={organizationName} officialSite={officialSite} embeddingURL={config.embeddingURL} t={t} />;
  return null;
}
