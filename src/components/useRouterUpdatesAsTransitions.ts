import { type ContextType, startTransition, useContext, useLayoutEffect } from "react";
import { UNSAFE_DataRouterContext as DataRouterContext } from "react-router";

type Router = NonNullable<ContextType<typeof DataRouterContext>>["router"];

const madeTransitions = new WeakSet<Router>();

/**
 * Every state change of the router reaches React as a transition (decision 0225). React Router's `<RouterProvider>`
 * already sets its state in `startTransition`, but `<HydratedRouter>` keeps the location in a state of its own and
 * sets it outside one when a navigation ends (React Router 8.4 to 8.5.3). That update, at React's default priority,
 * is drawn before the navigation: it gives every consumer of the framework's context a new value on the page being
 * left, and each section of that page still waiting to be hydrated (the home page's sections hydrated when visible)
 * must then be hydrated at once, one synchronous render of the whole app each, before the next page can be drawn
 * (about 80-130 ms at 4 × CPU when leaving the home page). As a transition it is drawn with the navigation, in
 * which the page being left is simply removed.
 *
 * The router's subscribers are wrapped as they subscribe; this runs in a layout effect of a component inside the
 * router, which React runs before those of `<RouterProvider>` and `<HydratedRouter>` that subscribe. An update the
 * router asks to be drawn synchronously (`flushSync`) or with a view transition is passed on as it was.
 */
export function routerUpdatesAsTransitions(router: Router): void {
  if (madeTransitions.has(router)) return;
  madeTransitions.add(router);
  const subscribe = router.subscribe.bind(router);
  router.subscribe = (subscriber) =>
    subscribe((state, options) => {
      if (options.flushSync || options.viewTransitionOpts) subscriber(state, options);
      else startTransition(() => subscriber(state, options));
    });
}

/** `routerUpdatesAsTransitions` for the router of the app it is rendered in, before anything subscribes to it. */
export function useRouterUpdatesAsTransitions(): void {
  const router = useContext(DataRouterContext)?.router;
  useLayoutEffect(() => {
    if (router) routerUpdatesAsTransitions(router);
  }, [router]);
}
