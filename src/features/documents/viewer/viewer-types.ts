// The document viewer moved to src/widgets/document-viewer; the email view still imports its helpers from here.
export * from '../../../widgets/document-viewer/viewer-types';
