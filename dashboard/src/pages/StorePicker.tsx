import { useNavigate } from 'react-router';
import { remembered, useTenant } from '../tenant.tsx';

export function StorePicker() {
  const tenant = useTenant();
  const navigate = useNavigate();
  return (
    <>
      <title>Stores · Dashboard</title>
      <h1>Choose a store</h1>
      {tenant.stores.length === 0 ? (
        <p className="empty">
          You do not belong to any store yet. Ask a store’s owner to invite you: the invitation comes by email.
        </p>
      ) : (
        <>
          <p>You belong to {tenant.stores.length === 1 ? 'one store' : `${tenant.stores.length} stores`}. The dashboard shows one at a time.</p>
          <ul className="store-list">
            {tenant.stores.map((s) => {
              const current = tenant.store?.id === s.id;
              return (
                <li key={s.id}>
                  <button
                    type="button"
                    className="store-choice"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => {
                      remembered.storeId = s.id;
                      const params = new URLSearchParams(window.location.search);
                      params.set('store', s.id);
                      navigate({ pathname: '/', search: `?${params.toString()}` });
                    }}
                  >
                    <span className="store-choice-name">{s.name}</span>
                    <span className="store-choice-meta">
                      {s.role} · {s.currency} · {s.timezone}
                      {current ? ' · current' : ''}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
