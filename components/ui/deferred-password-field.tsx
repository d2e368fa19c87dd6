'use client';
import type { ComponentProps } from 'react';
import { afterHydration } from '@/components/shell/lazy';
import type { PasswordField } from './password-field';

// The password field for screens that ask a password only later (the code screen after a reload,
// the UPI change once the API asks for it): loaded then, not in the page's first load. A field the
// form needs, so a part of the screen's content: a chunk that does not load shows the error screen
// (and reloads the page once), not a form that cannot be sent.
export const DeferredPasswordField = afterHydration<ComponentProps<typeof PasswordField>>(() => import('./late-password-field').then((m) => m.LatePasswordField), 'password field', { content: true });
