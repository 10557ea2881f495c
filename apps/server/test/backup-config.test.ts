import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

/**
 * Where backups may be kept (issue 24): a backup holds every customer's phone number, so the start
 * refuses any configuration where it could be read by whoever sees the pictures. The rules are
 * `backupBucket` in config.ts (README, Configuration and Backups).
 */

const pictures = {
  STORAGE: 's3',
  S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
  S3_BUCKET: 'shop',
  S3_ACCESS_KEY_ID: 'pictures-key',
  S3_SECRET_ACCESS_KEY: 'pictures-secret',
};
const ownKey = { BACKUP_S3_ACCESS_KEY_ID: 'backups-key', BACKUP_S3_SECRET_ACCESS_KEY: 'backups-secret' };

describe('where backups are kept', () => {
  it('on the local store: the backups folder, unless a bucket is given', () => {
    expect(loadConfig({}).backup.bucket).toBeUndefined();
    expect(loadConfig({ BACKUP_S3_BUCKET: 'offsite', ...ownKey }).backup.bucket).toEqual({
      endpoint: undefined,
      region: 'auto',
      bucket: 'offsite',
      prefix: 'backups/',
      accessKeyId: 'backups-key',
      secretAccessKey: 'backups-secret',
    });
  });

  it('with STORAGE=s3: refuses to start without a place of their own', () => {
    expect(() => loadConfig(pictures)).toThrow(
      /STORAGE=s3 keeps the backups in a bucket of their own, with a key of their own: set BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY/,
    );
    // A part of it names what is missing.
    expect(() => loadConfig({ ...pictures, BACKUP_S3_BUCKET: 'vault' })).toThrow(
      /also set BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...pictures, BACKUP_S3_PREFIX: 'backups/' })).toThrow(
      /also set BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY/,
    );
  });

  it("with STORAGE=s3: refuses the pictures' key", () => {
    expect(() =>
      loadConfig({
        ...pictures,
        BACKUP_S3_BUCKET: 'vault',
        BACKUP_S3_ACCESS_KEY_ID: 'pictures-key',
        BACKUP_S3_SECRET_ACCESS_KEY: 'pictures-secret',
      }),
    ).toThrow(/BACKUP_S3_ACCESS_KEY_ID is the pictures' key \(S3_ACCESS_KEY_ID\)/);
  });

  it("with STORAGE=s3: a private bucket of their own, at the pictures' address unless told another", () => {
    expect(loadConfig({ ...pictures, BACKUP_S3_BUCKET: 'vault', ...ownKey }).backup.bucket).toEqual({
      endpoint: 'https://account.r2.cloudflarestorage.com',
      region: 'auto',
      bucket: 'vault',
      prefix: 'backups/',
      accessKeyId: 'backups-key',
      secretAccessKey: 'backups-secret',
    });
    // A bucket of their own is fine whatever S3_PUBLIC_URL serves, at any address and folder.
    const elsewhere = loadConfig({
      ...pictures,
      S3_PUBLIC_URL: 'https://pics.example.com',
      BACKUP_S3_BUCKET: 'vault',
      BACKUP_S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com',
      BACKUP_S3_REGION: 'ap-south-1',
      BACKUP_S3_PREFIX: '/shop-1/daily',
      ...ownKey,
    }).backup.bucket;
    expect(elsewhere).toMatchObject({
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      region: 'ap-south-1',
      prefix: 'shop-1/daily/',
    });
    // The same bucket name at another address is another bucket.
    expect(
      loadConfig({
        ...pictures,
        S3_PUBLIC_URL: 'https://pics.example.com',
        BACKUP_S3_BUCKET: 'shop',
        BACKUP_S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com',
        ...ownKey,
      }).backup.bucket?.bucket,
    ).toBe('shop');
  });

  it("with STORAGE=s3: the pictures' bucket only without S3_PUBLIC_URL, and only in a folder beside uploads/", () => {
    const same = { ...pictures, BACKUP_S3_BUCKET: 'shop', ...ownKey };
    expect(loadConfig(same).backup.bucket).toMatchObject({ bucket: 'shop', prefix: 'backups/' });
    expect(() => loadConfig({ ...same, S3_PUBLIC_URL: 'https://pics.example.com' })).toThrow(
      /BACKUP_S3_BUCKET is the pictures' bucket, which S3_PUBLIC_URL \(https:\/\/pics.example.com\) serves to anyone: backups would be readable there/,
    );
    for (const prefix of ['/', 'uploads', 'uploads/old/'])
      expect(() => loadConfig({ ...same, BACKUP_S3_PREFIX: prefix }), prefix).toThrow(
        /mixes backups with the pictures \(uploads\/\)/,
      );
    expect(() => loadConfig({ ...same, BACKUP_S3_PREFIX: '../x' })).toThrow(
      /BACKUP_S3_PREFIX "..\/x" is a folder/,
    );
  });
});

describe('BACKUP_KEY', () => {
  it('is at least 16 characters; an empty one is unset', () => {
    expect(loadConfig({}).backup.key).toBeUndefined();
    expect(loadConfig({ BACKUP_KEY: '' }).backup.key).toBeUndefined();
    expect(loadConfig({ BACKUP_KEY: 'correct horse battery staple' }).backup.key).toBe(
      'correct horse battery staple',
    );
    expect(() => loadConfig({ BACKUP_KEY: 'short' })).toThrow(/BACKUP_KEY must be at least 16 characters/);
  });
});
