import { Field } from '@/components/ui/field';
import { ConsoleButton } from './button';

// The overview's filters: a GET form (the page reads them from the address), so they work
// without JavaScript and a filtered view can be bookmarked or shared.

type Values = { from: string; to: string; product: string; batch: string };

export function OverviewFilters({ values, errors, products }: { values: Values; errors: Partial<Record<keyof Values, string>>; products: Array<{ id: string; name: string }> }) {
  const productError = errors.product;
  return (
    <form method="get" className="flex flex-wrap items-end gap-4 rounded-lg border border-gray-300 bg-white p-4" aria-label="Filters">
      <Field id="filter-from" label="From" name="from" type="date" defaultValue={values.from} error={errors.from} className="!mb-0" />
      <Field id="filter-to" label="To" name="to" type="date" defaultValue={values.to} error={errors.to} className="!mb-0" />
      <div>
        <label htmlFor="filter-product" className="mb-1 block font-medium text-gray-900">
          Product
        </label>
        <select
          id="filter-product"
          name="product"
          defaultValue={values.product}
          aria-invalid={productError ? true : undefined}
          aria-describedby={productError ? 'filter-product-error' : undefined}
          className="block min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
        >
          <option value="">All products</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {productError && (
          <p id="filter-product-error" className="mt-1 text-sm font-medium text-red-700">
            {productError}
          </p>
        )}
      </div>
      <Field id="filter-batch" label="Batch number" name="batch" defaultValue={values.batch} error={errors.batch} className="!mb-0" maxLength={64} />
      <ConsoleButton type="submit" native>
        Apply filters
      </ConsoleButton>
    </form>
  );
}
