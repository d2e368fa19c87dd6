// The catalogue's use cases (console area "catalogue", and the command line's create-product /
// create-batch, which call the same functions): products with attributes, images and warranty,
// and batches. Every query is scoped by the brand; every change is audited in its transaction.

export { batchCodeCount } from './batch-code-count';
export { batchPrintableLevels } from './batch-printable-levels';
export { createBatch } from './create-batch';
export { createProduct } from './create-product';
export { getBatch } from './get-batch';
export { getProduct } from './get-product';
export { listBatches } from './list-batches';
export { listProducts } from './list-products';
export { openProductImage } from './open-product-image';
export { requireBatchById } from './require-batch-by-id';
export { requireBatchByNumber } from './require-batch-by-number';
export { setBatchMarketsOf } from './set-batch-markets';
export { updateProduct } from './update-product';
export { uploadProductImage } from './upload-product-image';
