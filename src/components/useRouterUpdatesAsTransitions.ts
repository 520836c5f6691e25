import { startTransition, useContext, useLayoutEffect } from "react";
import { UNSAFE_DataRouterContext as DataRouterContext } from "react-router";

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
 * The router's subscribers are wrapped as they subscribe: this layout effect, in a component inside the router,
 * runs before those of `<RouterProvider>` and `<HydratedRouter>` that subscribe (React runs children's first). An
 * update the router asks to be drawn synchronously (`flushSync`) is passed on as it was. The site's links use no
 * view transition (decision 0213); one that did would have its updates drawn as a transition too.
 */
export function useRouterUpdatesAsTransitions(): void {
  const router = useContext(DataRouterContext)?.router;
  useLayoutEffect(() => {
    if (!router || wrapped === router) return;
    wrapped = router;
    const subscribe = router.subscribe.bind(router);
    router.subscribe = (subscriber) =>
      subscribe((state, options) =>
        options.flushSync ? subscriber(state, options) : startTransition(() => subscriber(state, options)),
      );
  }, [router]);
}

/** The router whose subscribers are wrapped already (a page has one; in development, effects run twice). */
let wrapped: object | undefined;
