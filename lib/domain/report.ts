// Limits of a suspicious-product report, shared by the API and the /report form.
export const REPORT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
