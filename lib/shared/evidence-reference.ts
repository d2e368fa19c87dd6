// An evidence report's reference (the id of the scan it describes, docs/verification.md, "Risk"),
// as the /report form puts it at the head of a report's description, and as the brand's views of
// reports find it there again.

export const EVIDENCE_REFERENCE = /^sc_[0-9A-Za-z]{16}$/;

/** The line /report starts a description with when it is opened from a verdict's evidence report. */
export const evidenceLine = (reference: string) => `Evidence report: ${reference}\n`;

/** The same line found anywhere in a description (a PostgreSQL regular expression; group 1 is the reference). */
export const EVIDENCE_LINE_PATTERN = 'Evidence report: (sc_[0-9A-Za-z]{16})';
