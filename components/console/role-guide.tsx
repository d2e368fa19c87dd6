import { STAFF_ROLES } from '@/lib/domain/staff-roles';
import { roleInWords } from '@/lib/domain/role-words';

// "What each role may do", in words, on the Staff page: read from the roles table the API uses.
export function RoleGuide() {
  return (
    <section aria-labelledby="role-guide-title" className="mt-8" data-testid="role-guide">
      <h2 id="role-guide-title" className="mb-2 text-lg font-semibold">What each role may do</h2>
      <dl className="space-y-3">
        {STAFF_ROLES.map((role) => {
          const words = roleInWords(role);
          return (
            <div key={role} data-role={role}>
              <dt className="font-semibold capitalize">{role}</dt>
              <dd className="text-gray-900">
                {words.summary}{' '}
                {words.changes.length > 0 ? `Changes ${words.changes.join(', ')}.` : 'Changes nothing.'}
                {words.readsOnly.length > 0 && ` Only reads ${words.readsOnly.join(', ')}.`}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
