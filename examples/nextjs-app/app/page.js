import Memory from './memory';

// A server component page; the memory lives in the client component below.
export default function Page() {
  return (
    <main>
      <h1>amplify-memory with Next.js</h1>
      <Memory />
    </main>
  );
}
