// The part of s3rver (an S3-compatible server for tests) the file store tests use.
declare module 's3rver' {
  type Options = { address?: string; port?: number; directory: string; silent?: boolean; configureBuckets?: Array<{ name: string }> };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
