export default function NotFound() {
  return <main><h1>Page not Found!</h1></main>;
}
