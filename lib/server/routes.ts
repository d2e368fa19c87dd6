import 'server-only';

// The Brand API routes pages and server components call with callRoute (call-route.ts): their
// declarations, re-exported here because a server component reads only through lib/server.
export { cloneInfoRoute } from '@/lib/api/client/routes';
export { customerProfileRoute, myDataRoute } from '@/lib/api/customer/routes';
export { batchDetailsRoute, trackingRoute, verifyCodeRoute } from '@/lib/api/verify/routes';
export { currentLegalDocumentsRoute, legalDocumentRoute } from '@/lib/api/legal/routes';
export { myProductRoute, myProductsRoute } from '@/lib/api/my-products/routes';
export { journeyRoute } from '@/lib/api/journeys/routes';
export { complaintRoute, complaintsRoute } from '@/lib/api/complaints/routes';
export { transactionsRoute } from '@/lib/api/rewards/routes';
export { consoleOverviewRoute } from '@/lib/api/console/overview-routes';
export { consoleJourneysRoute, consoleRewardsListRoute } from '@/lib/api/console/rewards-routes';
export { consoleMeRoute, consoleOwnSessionsRoute, consoleRecoveryCodesStatusRoute } from '@/lib/api/console/routes';
export { consoleBatchRoute, consoleBatchesRoute, consoleCodeRunsRoute, consoleProductRoute, consoleProductsRoute } from '@/lib/api/console/catalogue-routes';
export { consoleLegalDocumentRoute, consoleLegalListRoute } from '@/lib/api/console/legal-routes';
export { consoleSettingsRoute } from '@/lib/api/console/settings-routes';
export { consoleSharedComplaintsRoute, consoleSharedScansRoute, consoleSharedWithUsRoute, consoleSharingRoute } from '@/lib/api/console/sharing-routes';
export { consoleAuditChoicesRoute, consoleAuditLogRoute, consoleMemberSessionsRoute, consoleStaffListRoute } from '@/lib/api/console/staff-routes';
export {
  consoleComplaintAssigneesRoute,
  consoleComplaintRoute,
  consoleComplaintsListRoute,
  consoleFeedbackListRoute,
  consoleRedFlagsListRoute,
  consoleReportsListRoute,
  consoleWarrantyListRoute,
  consoleWarrantyRoute,
} from '@/lib/api/console/support-routes';
export { consoleDisputeRoute, consoleDisputesListRoute, consoleOpenDisputeCountRoute } from '@/lib/api/console/disputes-routes';
export { consolePayoutsListRoute } from '@/lib/api/console/payouts-routes';
export { consoleCodeRoute, consoleCodesSearchRoute } from '@/lib/api/console/codes-routes';
export { consoleDeliveryRoute, consoleRecallAudienceRoute } from '@/lib/api/console/messages-routes';
export { myDisputesRoute } from '@/lib/api/disputes/routes';
export { customerMessagesRoute, messagePreferencesRoute, unreadCountRoute } from '@/lib/api/messages/routes';
