// What the page's one shared react-router-dom is made of.
//
// A shared module is bundled whole, since the build providing it cannot know what other builds will
// take from it: all of react-router-dom is 62 KB gzip, 83% of it unused here. So the shell and the
// remotes share this module under the name `react-router-dom` instead: the same singleton (one
// router context for the page) with only the exports the site uses, which lets rspack drop the rest.
// Imports from 'react-router' (not '-dom') so this module is not itself consumed from the share scope.
//
// A new import of another name from react-router-dom in app code fails shared-router.test.ts:
// add the name here.
export {
  BrowserRouter,
  Link,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
} from 'react-router';
