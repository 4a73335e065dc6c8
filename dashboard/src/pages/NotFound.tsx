import { Link } from 'react-router';
import { useTenantSearch } from '../tenant.tsx';

export function NotFound() {
  const search = useTenantSearch();
  return (
    <>
      <title>Page not found · Dashboard</title>
      <h1>Page not found</h1>
      <p>There is no dashboard page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to={{ pathname: '/', search }}>Go to the overview</Link>
      </p>
    </>
  );
}
