// The customer's language (issue 30, docs/languages.md): chosen with the switcher while signed in,
// it follows the customer to another browser (set as the language cookie at sign-in). Null: never
// chosen; the browser's Accept-Language and the brand's default decide. The list of codes is the
// app's catalogues (lib/shared/i18n.ts, LOCALES); the API checks the code against the brand's own
// languages, the check here keeps any other text out.
export const sql0040 = `
alter table customers add column language text;
alter table customers add constraint customers_language_ck check (language is null or language ~ '^[a-z]{2,3}$');
`;
