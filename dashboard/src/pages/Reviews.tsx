import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { allShownAtFields, Field, fieldErrors } from '../components/Field.tsx';
import { ListStates } from '../components/ListStates.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { keepTenant, tenantOf, useTenant } from '../tenant.tsx';

type Review = Schemas['Review'];

const READ = 'reviews:read';
const WRITE = 'reviews:write';
const PAGE = 20;
const RATINGS = [5, 4, 3, 2, 1] as const;

const reviewsKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'reviews'] as const;

function stars(rating: number): string {
  return '★'.repeat(rating) + '☆'.repeat(5 - rating);
}

/**
 * The reviews page (its own chunk): reviews across the store, newest first, filtered by rating, visibility, product or
 * customer (kept in the URL); with reviews:write, reply (and change or delete the reply), hide and show.
 */
export default function Reviews() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [params, setParams] = useSearchParams();
  const ratingId = useId();
  const visibilityId = useId();
  const ratingParam = Number(params.get('rating'));
  const rating = (RATINGS as readonly number[]).includes(ratingParam) ? ratingParam : null;
  const hiddenParam = params.get('hidden');
  const hidden = hiddenParam === 'true' || hiddenParam === 'false' ? hiddenParam : null;
  const customerId = params.get('customerId');
  const productId = params.get('productId');
  const allowed = state.permissions?.has(READ) ?? false;
  const query = useInfiniteQuery({
    queryKey: ['tenant', tenant?.storeId, tenant?.mode, 'reviews', { rating, hidden, customerId, productId }],
    enabled: tenant !== null && allowed,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (rating) q.set('rating', String(rating));
      if (hidden) q.set('hidden', hidden);
      if (customerId) q.set('customerId', customerId);
      if (productId) q.set('productId', productId);
      if (pageParam) q.set('cursor', pageParam);
      return api<Review[]>(`/v1/reviews?${q}`, { tenant: tenant!, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  if (!tenant || !state.store) return null;
  const reviews = query.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = rating !== null || hidden !== null || customerId !== null || productId !== null;
  const setFilter = (name: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const first = reviews[0];
  const about = customerId ? `by ${first?.customerName ?? 'this customer'}` : productId ? `of ${first?.productName ?? 'this product'}` : null;
  return (
    <>
      <title>{`Reviews · ${state.store.name} · Dashboard`}</title>
      <h1>Reviews</h1>
      <p className="muted">What customers wrote about your products. You cannot change what they wrote; you can reply in public, and hide a review from your storefront and its rating.</p>
      <Section title={`Reviews${about ? ` ${about}` : ''}, newest first`}>
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : !allowed ? (
          <NotAllowed permission={READ} />
        ) : (
          <>
            <div className="filters">
              <div className="field">
                <label htmlFor={ratingId}>Rating</label>
                <select id={ratingId} value={rating ?? ''} onChange={(e) => setFilter('rating', e.target.value || null)}>
                  <option value="">Any</option>
                  {RATINGS.map((r) => (
                    <option key={r} value={r}>
                      {r} star{r === 1 ? '' : 's'}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={visibilityId}>Visibility</label>
                <select id={visibilityId} value={hidden ?? ''} onChange={(e) => setFilter('hidden', e.target.value || null)}>
                  <option value="">Visible and hidden</option>
                  <option value="false">Visible</option>
                  <option value="true">Hidden</option>
                </select>
              </div>
              {customerId || productId ? (
                <Link to={{ pathname: '/reviews', search: keepTenant(params) }}>Show reviews of every product and customer</Link>
              ) : null}
            </div>
            <ListStates query={query} items={reviews} what="reviews" failed="The reviews could not be loaded." empty={<p className="empty">
                {filtered
                  ? 'No review matches these filters. Choose “Any” rating or “Visible and hidden” to see more.'
                  : 'No reviews yet. Reviews your customers leave on your storefront show here, to reply to or hide.'}
              </p>}>
              
                <ul className="review-list">
                  {reviews.map((r) => (
                    <ReviewCard
                      key={r.id}
                      tenant={tenant}
                      review={r}
                      timeZone={state.store!.timezone}
                      canWrite={state.permissions?.has(WRITE) ?? false}
                      customerLink={state.permissions?.has('customers:read') ? `/customers/${encodeURIComponent(r.customerId)}${keepTenant(params)}` : null}
                    />
                  ))}
                </ul>
                <LoadMore query={query} failed="More reviews could not be loaded." done={<p className="muted">That is every review{filtered ? ' that matches' : ''}.</p>} />
              
            </ListStates>
          </>
        )}
      </Section>
    </>
  );
}

type Action = { kind: 'reply'; reply: string } | { kind: 'delete-reply' } | { kind: 'hide' } | { kind: 'show' };

function ReviewCard({ tenant, review: r, timeZone, canWrite, customerLink }: { tenant: Tenant; review: Review; timeZone: string; canWrite: boolean; customerLink: string | null }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState(r.reply ?? '');
  const [confirming, setConfirming] = useState<'hide' | 'delete-reply' | null>(null);
  // One Idempotency-Key per submission of the same action and values (a double click acts once).
  const submission = useSubmission();
  // Opening the reply form takes the keyboard to it.
  const replyRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (replying) replyRef.current?.focus();
  }, [replying]);
  const path = `/v1/reviews/${encodeURIComponent(r.id)}`;
  const act = useMutation({
    mutationFn: (input: { action: Action; key: string | null }) => {
      const headers: Record<string, string> = input.key ? { 'Idempotency-Key': input.key } : {};
      switch (input.action.kind) {
        case 'reply':
          return api<Review>(`${path}/reply`, { tenant, method: 'POST', headers, body: { reply: input.action.reply } });
        case 'delete-reply':
          return api<Review>(`${path}/reply`, { tenant, method: 'DELETE' });
        case 'hide':
          return api<Review>(`${path}/hide`, { tenant, method: 'POST', headers });
        case 'show':
          return api<Review>(`${path}/show`, { tenant, method: 'POST', headers });
      }
    },
    onSuccess: (_, input) => {
      submission.forget();
      setConfirming(null);
      if (input.action.kind === 'reply') setReplying(false);
      if (input.action.kind === 'delete-reply') setText('');
    },
    onSettled: () => {
      submission.settled();
      void queryClient.invalidateQueries({ queryKey: reviewsKey(tenant) });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  });
  const run = (action: Action) => {
    if (action.kind === 'delete-reply') {
      if (act.isPending) return;
      act.mutate({ action, key: null });
      return;
    }
    const key = submission.begin(JSON.stringify(action));
    if (key !== null) act.mutate({ action, key });
  };
  const start = (what: 'hide' | 'delete-reply' | 'reply') => {
    act.reset();
    submission.forget();
    if (what === 'reply') {
      setText(r.reply ?? '');
      setReplying(true);
      setConfirming(null);
    } else {
      setConfirming(what);
      setReplying(false);
    }
  };
  const submitReply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    run({ kind: 'reply', reply: text });
  };
  const errors = fieldErrors(act.error);
  const whose = `${r.customerName}’s review of ${r.productName}`;
  return (
    <li>
      <article className={r.hidden ? 'review review-hidden' : 'review'} aria-labelledby={headingId} data-testid="review">
        <h3 id={headingId} className="review-title">
          {r.title ?? `${r.customerName} on ${r.productName}`}
        </h3>
        <p className="review-meta">
          <span className="stars" aria-hidden="true">
            {stars(r.rating)}
          </span>{' '}
          <span>{r.rating} of 5</span> · {customerLink ? <Link to={customerLink}>{r.customerName}</Link> : r.customerName} on <strong>{r.productName}</strong> ·{' '}
          {formatTimestamp(r.createdAt, timeZone)}
          {r.hidden ? (
            <>
              {' '}
              <span className="badge badge-low">Hidden</span>
            </>
          ) : null}
        </p>
        {r.body ? <p className="review-body">{r.body}</p> : null}
        {r.reply ? (
          <div className="review-reply" data-testid="review-reply">
            <p className="muted">Your reply{r.repliedAt ? `, ${formatTimestamp(r.repliedAt, timeZone)}` : ''}:</p>
            <p>{r.reply}</p>
          </div>
        ) : null}
        {canWrite ? (
          <>
            {replying ? (
              <form onSubmit={submitReply} noValidate className="reply-form">
                <Field label={`Reply to ${r.customerName}`} error={errors.get('reply')} hint="Public: shown with the review on your storefront.">
                  {(p) => (
                    <textarea
                      {...p}
                      ref={replyRef}
                      name="reply"
                      rows={3}
                      maxLength={5000}
                      value={text}
                      onChange={(e) => {
                        setText(e.target.value);
                        submission.forget();
                        if (act.isError) act.reset();
                      }}
                    />
                  )}
                </Field>
                <div className="actions">
                  <button type="submit" className="button button-primary" disabled={act.isPending}>
                    {act.isPending ? 'Saving…' : r.reply ? 'Save reply' : 'Post reply'}
                  </button>
                  <button type="button" className="button" onClick={() => setReplying(false)}>
                    Cancel
                  </button>
                </div>
                {act.isError && !allShownAtFields(act.error, ['reply']) ? <ErrorPanel error={act.error} title="The reply could not be saved." /> : null}
              </form>
            ) : (
              <div className="actions">
                <button type="button" className="button" onClick={() => start('reply')} aria-label={`${r.reply ? 'Edit reply to' : 'Reply to'} ${whose}`}>
                  {r.reply ? 'Edit reply' : 'Reply'}
                </button>
                {r.reply ? (
                  <button type="button" className="button" onClick={() => start('delete-reply')} aria-label={`Delete reply to ${whose}`}>
                    Delete reply
                  </button>
                ) : null}
                {r.hidden ? (
                  <button type="button" className="button" onClick={() => run({ kind: 'show' })} disabled={act.isPending} aria-label={`Show ${whose}`}>
                    Show
                  </button>
                ) : (
                  <button type="button" className="button" onClick={() => start('hide')} aria-label={`Hide ${whose}`}>
                    Hide
                  </button>
                )}
              </div>
            )}
            {confirming === 'hide' ? (
              <Confirm
                testId="confirm-hide"
                title={<>Hide {whose}?</>}
                confirmLabel={`Hide ${r.customerName}’s review`}
                busyLabel="Hiding…"
                busy={act.isPending}
                error={act.error}
                errorTitle="The review could not be hidden."
                onConfirm={() => run({ kind: 'hide' })}
                onCancel={() => setConfirming(null)}
              >
                <p>It stays stored, and you can show it again, but your storefront stops showing it and it no longer counts in {r.productName}’s rating.</p>
              </Confirm>
            ) : null}
            {confirming === 'delete-reply' ? (
              <Confirm
                testId="confirm-delete-reply"
                title={<>Delete your reply to {whose}?</>}
                confirmLabel="Delete the reply"
                busyLabel="Deleting…"
                busy={act.isPending}
                error={act.error}
                errorTitle="The reply could not be deleted."
                onConfirm={() => run({ kind: 'delete-reply' })}
                onCancel={() => setConfirming(null)}
              >
                <p>“{r.reply}” disappears from the review. This cannot be undone; you can write a new reply.</p>
              </Confirm>
            ) : null}
            {act.isError && !replying && !confirming ? <ErrorPanel error={act.error} title="The review could not be changed." /> : null}
          </>
        ) : null}
      </article>
    </li>
  );
}
