'use client';
import { useEffect } from 'react';
import { http } from '@/lib/client/lazy-http';

// Opening the message list marks its messages read (POST /api/customer/messages/read): the list
// still shows which were new this time; the home screen's mark is gone on the next visit.
export function MarkMessagesRead({ unread }: { unread: number }) {
  useEffect(() => {
    if (unread > 0) void http('/customer/messages/read', { method: 'POST', body: {} }).catch(() => {});
  }, [unread]);
  return null;
}
