import { useLocation, useNavigation } from "react-router";

/** The page is being loaded again (another filter chosen): its list says it is busy until the new one arrives. */
export function useReloading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}
