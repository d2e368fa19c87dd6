import { consoleDate } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleFeedbackListRoute } from '@/lib/server/routes';
import { feedbackListQuerySchema } from '@/lib/schemas/console-feedback';
import { EmptyRow, FilterError, FilterForm, FilterSelect, FilterText, Pager, listQuery, tableWrap, td, type SearchParams } from '@/components/console/support/list-parts';
import { CsvLink, csvHref, ListBar, ListCount, SortHeader } from '@/components/console/table-kit';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// Customers' feedback, read-only, through the table kit: sorted by when it was given or its
// rating, filtered by rating, comment, product, batch and days, counted with the mean rating,
// paged, and downloaded as filtered (without the customers).

export const metadata = { title: 'Feedback' };

export default async function FeedbackPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { timeZone: tz } = await requireStaffPage(brand, 'feedback', 'read');
  const { query, problem, kept, input } = listQuery(feedbackListQuerySchema, await searchParams);
  const list = await callRoute(consoleFeedbackListRoute, { params: { brand }, query: input });
  const columns: Array<[string, string?]> = [['Rating', 'rating'], ['Comment'], ['Customer'], ['Product'], ['Given', 'created']];

  return (
    <section aria-labelledby="feedback-title">
      <h1 id="feedback-title" className="mb-4 text-2xl font-bold text-gray-900">Feedback</h1>
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter feedback">
        <FilterSelect name="rating" label="Rating" value={query.rating === undefined ? '' : String(query.rating)} options={[['', 'Any rating'], ...[5, 4, 3, 2, 1].map((r) => [String(r), `${r} of 5`] as const)]} />
        <FilterSelect name="comment" label="Comment" value={query.comment} options={[['any', 'With or without'], ['with', 'With a comment']]} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...list.products.map((p) => [p.id, p.name] as const)]} />
        <FilterText name="batch" label="Batch number" value={query.batch ?? ''} />
        <FilterText name="from" label="Given from" type="date" value={query.from ?? ''} />
        <FilterText name="to" label="Given to" type="date" value={query.to ?? ''} />
        <input type="hidden" name="sort" value={query.sort} />
      </FilterForm>
      <ListBar>
        <ListCount total={list.total} one="answer" many="answers" />
        {list.total > 0 && <CsvLink href={csvHref(consoleApiHref(CONSOLE_API.feedbackCsv, { brand }), kept)} />}
      </ListBar>
      <p className="mb-3 text-gray-900" data-testid="feedback-summary">
        {list.total} {list.total === 1 ? 'answer' : 'answers'}{list.averageRating !== null ? `, ${list.averageRating} of 5 on average` : ''}
      </p>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Feedback</caption>
          <thead>
            <tr>
              {columns.map(([label, column]) => (
                <SortHeader key={label} label={label} column={column} sort={query.sort} kept={kept} />
              ))}
            </tr>
          </thead>
          <tbody>
            {list.feedback.length === 0 && <EmptyRow columns={columns.length}>No feedback matches.</EmptyRow>}
            {list.feedback.map((f) => (
              <tr key={f.id} data-testid="feedback-row" data-feedback-id={f.id}>
                <th scope="row" className={`${td} font-semibold`}>{f.rating} of 5</th>
                <td className={`${td} whitespace-pre-wrap`}>{f.comment || '—'}</td>
                <td className={td}>{f.customerName}</td>
                <td className={td}>{f.productName ?? '—'}</td>
                <td className={td}><time dateTime={f.createdAt}>{consoleDate(f.createdAt, tz)}</time></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} query={kept} />
    </section>
  );
}
