export * from './core';
export * from './codes';
export * from './legal';
export * from './aftersales';
export * from './risk';
export * from './console';
export * from './catalogue-console';
export * from './sharing';
