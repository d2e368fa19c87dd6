// The console's customer messages (issue 31, docs/messages.md): a recall or safety notice sent to
// every customer who claimed or registered a unit of a batch (asked again first, audited with the
// count reached), and the delivery state of the brand's messages, where a provider that is down
// shows as messages waiting. Every query is scoped by scope.clientId.

export { deliveryStatus } from './delivery-status';
export { recallAudience } from './recall-audience';
export { retryFailedMessages } from './retry-failed-messages';
export { sendRecall } from './send-recall';
