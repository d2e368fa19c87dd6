// Rewards, coupon pools and scan journeys of a brand (console area 'rewards'; the command line's
// create-reward, list-rewards, set-reward-active, upload-coupons and set-journey call these too).
// Every query is scoped by the brand; every change is audited in its own transaction.

export { createReward } from './create-reward';
export { getReward } from './get-reward';
export { listJourneys } from './list-journeys';
export { listRewards } from './list-rewards';
export { parseCouponCodes } from './parse-coupon-codes';
export { setJourney } from './set-journey';
export { updateReward } from './update-reward';
export { uploadCoupons } from './upload-coupons';
