export declare const HEADLESS_SHELL: string;
export declare const FULL_BROWSER: string;
export declare const QUIET_ARGS: string[];
export declare function e2eChromium(): string;
export declare function pdfChromium(): string;
