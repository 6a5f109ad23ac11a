import { ModelViewer } from './ModelViewer.jsx';

// Rendered on the server for each request: the model comes from the query (?model=…).
export default async function Page({ searchParams }) {
  const { model = '/models/car.glb' } = await searchParams;
  return (
    <main>
      <h1>Model</h1>
      <ModelViewer src={model} />
    </main>
  );
}
