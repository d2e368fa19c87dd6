import { screenLayout } from '@/components/shell/screen-messages.server';

// The browser gets this screen's texts beside the shell's (lib/shared/message-scopes.ts).
export default screenLayout('account');
