import { UriTemplate } from '@modelcontextprotocol/client';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';

/** RFC 6570 expansion with the SDK's own implementation (the one servers match URIs with). */
export function expandUriTemplate(template: string, variables: Record<string, string>): string {
  try {
    return new UriTemplate(template).expand(variables);
  } catch (error) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('resources.badTemplate', {
        detail: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}
