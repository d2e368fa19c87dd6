// A brand's legal documents (console area "legal", and the command line's publish-legal, which
// calls the same publisher): each publication is a new version (1, 2, 3 … per brand and type);
// earlier versions stay, since acknowledgements point at them. See docs/legal-and-embedding.md.

export { MAX_LEGAL_DOCUMENT_BYTES, detectLegalFormat } from './detect-legal-format';
export { getLegalVersion } from './get-legal-version';
export { listLegalVersions } from './list-legal-versions';
export { publishLegalVersion } from './publish-legal-version';
