// Account rules shared by the API schemas and the browser forms. Kept free of zod so the forms
// do not ship a validation library to the phone for three numbers.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;
