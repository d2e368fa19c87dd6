export declare function loadAppModule(file: string, options?: { cacheDir?: string }): Promise<unknown>;
