// The dedicated screen of a blacklisted brand (spec section 2): the app is not served.
export function BlockedScreen({ organizationName }: { organizationName: string }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Service unavailable</h1>
      <p className="text-gray-800">
        The {organizationName} app is blocked and cannot be used at the moment. Please contact {organizationName} for help.
      </p>
    </main>
  );
}
