import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { getBrowserRouter } from './router';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={getBrowserRouter()} />
    </AppProviders>
  );
}
