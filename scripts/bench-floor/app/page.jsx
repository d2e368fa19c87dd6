import { headers } from 'next/headers';

// An empty dynamic page: rendered on every request (it reads the request's headers), nothing else.
export default async function Page() {
  await headers();
  return <p>floor</p>;
}
