import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <Compass aria-hidden="true" className="size-12 text-indigo-500" />
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Page not found</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">The page you asked for does not exist.</p>
      <Link
        to={paths.home.href()}
        className="rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Go home
      </Link>
    </main>
  );
}
