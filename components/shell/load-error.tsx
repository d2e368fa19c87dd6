import { ReloadButton } from './reload-button';

// The two 'Loading Error' screens of spec section 2 (app data, user data), each with a Reload
// button that reloads the page. Server-rendered where a layout shows it (only the button is a
// client component), so pages that load fine download nothing of it but the button.
export function LoadError({ message }: { message: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Loading Error</h1>
      <p className="text-gray-800">{message}</p>
      <ReloadButton />
    </main>
  );
}

export const APP_DATA_ERROR = 'Unable to fetch App data. Please try reloading';
export const USER_DATA_ERROR = 'Unable to fetch user data. Please try again.';
