'use client';
import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { MAX_PRODUCT_ATTRIBUTES, MAX_PRODUCT_IMAGES, productImageIdOf, type ConsoleProduct } from '@/lib/schemas/console-catalogue';
import { Alert } from '@/components/ui/alert';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import { ConsoleButton } from '../button';
import { FieldError, inputClass } from '../ui';

// The product editor of the console's catalogue: name, description, warranty in months,
// attributes as name/value rows, and images uploaded here (checked by content on the server)
// and shown. Creates a product, or edits one.

type Attribute = { key: string; name: string; value: string };
let rowSeq = 0;
const row = (name = '', value = ''): Attribute => ({ key: `a${++rowSeq}`, name, value });

/** Where the console shows an image: its own endpoint for uploads, the address for others. */
export const consoleImageSrc = (brand: string, ref: string) => {
  const id = productImageIdOf(ref);
  return id ? consoleApiHref(CONSOLE_API.image, { brand, imageId: id }) : ref;
};

const FIELDS = { name: 'name', description: 'description', warrantyMonths: 'warrantyMonths', attributes: 'attributes', images: 'images', image: 'image' };

export function ProductEditor({ brand, product }: { brand: string; product?: ConsoleProduct }) {
  const router = useRouter();
  const id = useId();
  const [name, setName] = useState(product?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [warranty, setWarranty] = useState(String(product?.warrantyMonths ?? 12));
  const [attributes, setAttributes] = useState<Attribute[]>(() => (product?.attributes.length ? product.attributes.map((a) => row(a.name, a.value)) : [row()]));
  const [images, setImages] = useState<string[]>(product?.images ?? []);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusOnError(attempt);

  const fail = (err: unknown) => {
    setErrors(formErrorsOf(err, FIELDS));
    setAttempt((n) => n + 1);
  };

  async function upload(file: File | undefined, input: HTMLInputElement) {
    if (!file) return;
    setUploading(true);
    setErrors((e) => ({ ...e, image: undefined, form: undefined }));
    try {
      const form = new FormData();
      form.append('image', file);
      const image = await consoleApi(CONSOLE_API.uploadImage, { params: { brand }, form });
      setImages((list) => [...list, image.url]);
      input.value = '';
    } catch (err) {
      fail(err);
    } finally {
      setUploading(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const months = Number(warranty);
    const local: FormErrors = {};
    if (!name.trim()) local.name = 'is required';
    if (warranty.trim() === '' || !Number.isInteger(months) || months < 0 || months > 600) local.warrantyMonths = 'must be a whole number of months from 0 to 600';
    if (local.name || local.warrantyMonths) {
      setErrors(local);
      return setAttempt((n) => n + 1);
    }
    setBusy(true);
    setErrors({});
    const body = {
      name,
      description,
      warrantyMonths: months,
      attributes: attributes.filter((a) => a.name.trim() || a.value.trim()).map((a) => ({ name: a.name, value: a.value })),
      images,
    };
    try {
      const out = await (product
        ? consoleApi(CONSOLE_API.updateProduct, { params: { brand, productId: product.id }, body })
        : consoleApi(CONSOLE_API.createProduct, { params: { brand }, body }));
      setSaved(true);
      if (!product) router.push(`/${brand}/catalogue/products/${out.id}?created=1`);
      else router.refresh();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  const err = (field: string) => errors[field];
  const described = (field: string) => (err(field) ? `${id}-${field}-error` : undefined);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="max-w-2xl" aria-label={product ? `Edit ${product.name}` : 'New product'}>
      {errors.form && <Alert>{errors.form}</Alert>}
      {saved && product && <Alert kind="success">Saved.</Alert>}
      <div className="mb-4">
        <label htmlFor={`${id}-name`} className="mb-1 block font-medium text-gray-900">
          Name
        </label>
        <input id={`${id}-name`} className={inputClass} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required aria-invalid={err('name') ? true : undefined} aria-describedby={described('name')} />
        <FieldError id={`${id}-name-error`} error={err('name')} />
      </div>
      <div className="mb-4">
        <label htmlFor={`${id}-description`} className="mb-1 block font-medium text-gray-900">
          Description
        </label>
        <textarea id={`${id}-description`} className={`${inputClass} min-h-24`} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} aria-invalid={err('description') ? true : undefined} aria-describedby={described('description')} />
        <FieldError id={`${id}-description-error`} error={err('description')} />
      </div>
      <div className="mb-4 max-w-xs">
        <label htmlFor={`${id}-warranty`} className="mb-1 block font-medium text-gray-900">
          Warranty period (months)
        </label>
        <input id={`${id}-warranty`} className={inputClass} type="number" inputMode="numeric" min={0} max={600} step={1} value={warranty} onChange={(e) => setWarranty(e.target.value)} aria-invalid={err('warrantyMonths') ? true : undefined} aria-describedby={described('warrantyMonths')} />
        <FieldError id={`${id}-warrantyMonths-error`} error={err('warrantyMonths')} />
      </div>

      <fieldset className="mb-4 rounded-md border border-gray-300 p-3" aria-invalid={err('attributes') ? true : undefined} aria-describedby={described('attributes')}>
        <legend className="px-1 font-medium text-gray-900">Attributes</legend>
        <p className="mb-2 text-sm text-gray-700">Shown to customers with the product, e.g. Volume: 30 ml.</p>
        {attributes.map((a, i) => (
          <div key={a.key} className="mb-2 flex flex-wrap items-end gap-2">
            <div className="flex-1">
              <label htmlFor={`${id}-attr-${a.key}-name`} className="block text-sm text-gray-900">
                Attribute {i + 1} name
              </label>
              <input id={`${id}-attr-${a.key}-name`} className={inputClass} value={a.name} maxLength={60} onChange={(e) => setAttributes((list) => list.map((x) => (x.key === a.key ? { ...x, name: e.target.value } : x)))} />
            </div>
            <div className="flex-1">
              <label htmlFor={`${id}-attr-${a.key}-value`} className="block text-sm text-gray-900">
                Attribute {i + 1} value
              </label>
              <input id={`${id}-attr-${a.key}-value`} className={inputClass} value={a.value} maxLength={200} onChange={(e) => setAttributes((list) => list.map((x) => (x.key === a.key ? { ...x, value: e.target.value } : x)))} />
            </div>
            <ConsoleButton type="button" variant="secondary" onClick={() => setAttributes((list) => list.filter((x) => x.key !== a.key))} aria-label={`Remove attribute ${i + 1}`}>
              Remove
            </ConsoleButton>
          </div>
        ))}
        <ConsoleButton type="button" variant="secondary" disabled={attributes.length >= MAX_PRODUCT_ATTRIBUTES} onClick={() => setAttributes((list) => [...list, row()])}>
          Add attribute
        </ConsoleButton>
        <FieldError id={`${id}-attributes-error`} error={err('attributes')} />
      </fieldset>

      <fieldset className="mb-6 rounded-md border border-gray-300 p-3" aria-invalid={err('images') ? true : undefined} aria-describedby={described('images')}>
        <legend className="px-1 font-medium text-gray-900">Images</legend>
        {images.length > 0 ? (
          <ul className="mb-3 flex flex-wrap gap-3" aria-label="Product images">
            {images.map((ref, i) => (
              <li key={ref} className="flex flex-col items-center gap-1">
                {/* eslint-disable-next-line @next/next/no-img-element -- served by the console API, not the image optimiser */}
                <img src={consoleImageSrc(brand, ref)} alt={`Image ${i + 1} of ${name || 'the product'}`} className="h-24 w-24 rounded border border-gray-300 object-cover" />
                <ConsoleButton type="button" variant="secondary" onClick={() => setImages((list) => list.filter((x) => x !== ref))} aria-label={`Remove image ${i + 1}`}>
                  Remove
                </ConsoleButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-2 text-sm text-gray-700">No images yet.</p>
        )}
        <label htmlFor={`${id}-image`} className="mb-1 block text-sm text-gray-900">
          Upload an image (PNG, JPEG, WebP or GIF, at most 5 MB)
        </label>
        <input
          id={`${id}-image`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          disabled={uploading || images.length >= MAX_PRODUCT_IMAGES}
          onChange={(e) => void upload(e.target.files?.[0], e.target)}
          aria-invalid={err('image') ? true : undefined}
          aria-describedby={described('image')}
          className="block text-gray-900"
        />
        {uploading && (
          <p role="status" className="mt-1 text-sm text-gray-700">
            Uploading…
          </p>
        )}
        <FieldError id={`${id}-image-error`} error={err('image')} />
        <FieldError id={`${id}-images-error`} error={err('images')} />
      </fieldset>

      <ConsoleButton type="submit" busy={busy} disabled={uploading}>
        {product ? 'Save product' : 'Create product'}
      </ConsoleButton>
    </form>
  );
}
