import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './FlotaAdmin';

interface State {
  error?: Error;
  errorInfo?: ErrorInfo;
}

/**
 * What react-admin's layout puts around a page: a failure shows react-admin's error page
 * (its "back" button, and a new path, clear it) instead of an empty console.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(_error: Error, errorInfo: ErrorInfo) {
    this.setState({ errorInfo });
  }

  reset = () => this.setState({ error: undefined, errorInfo: undefined });

  render() {
    const { error, errorInfo } = this.state;
    if (!error) return this.props.children;
    return <ErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={this.reset} />;
  }
}
