// Limits of a disputed claim (docs/verification.md "Disputed claims"), shared by the API and the form.
export const DISPUTE_PURCHASE_MAX = 500;
export const DISPUTE_REASON_MAX = 500;
